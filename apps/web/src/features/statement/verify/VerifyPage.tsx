import { normalizeVerificationCode, VERIFY_UPLOAD_MAX_BYTES } from '@bank/contracts/statement/verify';
import type { StatementVerification } from '@bank/contracts/statement/verify';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { paths } from '../../../app/paths';
import { FilePicker } from '../../../ui/FilePicker';
import { InputField } from '../../../ui/FormField';
import { usePageTitle } from '../../../ui/usePageTitle';
import { VerificationResult } from './VerificationResult';
import { verifyByCode, verifyByFile } from './verifyApi';
import './verify.css';

/** A check done says whether it was of a file (then "unchanged" can be said) or of a code only. */
type Check = { state: 'idle' } | { state: 'checking' } | { state: 'done'; answer: StatementVerification; byFile: boolean } | { state: 'failed' };

/**
 * The public page that checks a signed PDF statement (issue 14): by the code printed on it (the QR
 * code opens /verify/<code>), or by uploading the file itself. It says whether the statement is
 * genuine and unchanged, and for whom, which account and period, and when it was issued.
 */
export function Component() {
  const { t } = useTranslation('verify');
  usePageTitle('title', 'verify');
  const { code: codeInPath } = useParams();
  const navigate = useNavigate();
  const [code, setCode] = useState(codeInPath ?? '');
  const [codeError, setCodeError] = useState<string | undefined>();
  const [fileError, setFileError] = useState<string | undefined>();
  const [check, setCheck] = useState<Check>({ state: 'idle' });
  // Only the latest check may show its answer: a slow upload must not overwrite a code checked since.
  const latest = useRef(0);
  const begin = () => {
    latest.current += 1;
    const mine = latest.current;
    setCheck({ state: 'checking' });
    return (next: Check) => {
      if (latest.current === mine) setCheck(next);
    };
  };
  const fileId = useId();
  const fileErrorId = useId();

  useEffect(() => {
    if (!codeInPath) return;
    setCode(codeInPath);
    const normalized = normalizeVerificationCode(codeInPath);
    if (!normalized) {
      setCodeError('form.codeInvalid');
      return;
    }
    const controller = new AbortController();
    const settle = begin();
    verifyByCode(normalized, controller.signal).then(
      (answer) => settle({ state: 'done', answer, byFile: false }),
      () => !controller.signal.aborted && settle({ state: 'failed' }),
    );
    return () => controller.abort();
  }, [codeInPath]);

  const submitCode = (event: FormEvent) => {
    event.preventDefault();
    const normalized = normalizeVerificationCode(code);
    if (!normalized) {
      setCodeError('form.codeInvalid');
      return;
    }
    setCodeError(undefined);
    void navigate(`${paths.verify}/${normalized}`);
  };

  const submitFile = (file: File | undefined) => {
    if (!file) return;
    if (file.size > VERIFY_UPLOAD_MAX_BYTES) {
      setFileError(t('form.fileTooLarge'));
      return;
    }
    setFileError(undefined);
    const settle = begin();
    verifyByFile(file).then(
      (answer) => settle({ state: 'done', answer, byFile: true }),
      () => settle({ state: 'failed' }),
    );
  };

  return (
    <section className="section verify-page" aria-labelledby="verify-title">
      <div className="container verify-page__inner">
        <h1 id="verify-title" className="verify-page__title">
          {t('title')}
        </h1>
        <p className="verify-page__intro">{t('intro')}</p>

        <div className="verify-page__forms">
          <form className="verify-card" onSubmit={submitCode} noValidate>
            <h2 className="verify-card__title">{t('form.byCode')}</h2>
            <InputField
              label={t('form.code')}
              hint={t('form.codeHint')}
              value={code}
              onValue={(value) => {
                setCode(value);
                setCodeError(undefined);
              }}
              error={codeError}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={20}
              name="code"
            />
            <button type="submit" className="button">
              {t('form.check')}
            </button>
          </form>

          <div className="verify-card">
            <h2 className="verify-card__title">{t('form.byFile')}</h2>
            <label htmlFor={fileId} className="verify-card__label">
              {t('form.file')}
            </label>
            <p className="verify-card__hint">{t('form.fileHint')}</p>
            <FilePicker
              id={fileId}
              accept="application/pdf,.pdf"
              chooseLabel={t('form.chooseFile')}
              describedBy={fileError ? fileErrorId : undefined}
              invalid={Boolean(fileError)}
              onChoose={submitFile}
            />
            {fileError && (
              <p id={fileErrorId} className="verify-card__error" role="alert">
                {fileError}
              </p>
            )}
          </div>
        </div>

        <div className="verify-page__result">
          {check.state === 'checking' && (
            <p role="status" className="verify-page__checking">
              {t('checking')}
            </p>
          )}
          {check.state === 'failed' && (
            <p role="alert" className="verify-result verify-result--failed">
              {t('failed')}
            </p>
          )}
          {check.state === 'done' && <VerificationResult answer={check.answer} byFile={check.byFile} />}
        </div>
      </div>
    </section>
  );
}
