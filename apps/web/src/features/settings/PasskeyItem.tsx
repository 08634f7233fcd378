import { PASSKEY_NAME_MAX_LENGTH, passkeyRenameRequestSchema, type Passkey } from '@bank/contracts/auth/passkeys';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { InputField } from '../../ui/FormField';
import { formatDateTime } from '../../ui/formatDateTime';
import { SubmitButton } from '../../ui/SubmitButton';
import { useSchemaForm } from '../../ui/useSchemaForm';

/**
 * One passkey in the list: its name (and whether the platform syncs it), when it was added and last
 * used, and its two actions; renaming happens in place.
 */
export function PasskeyItem({
  passkey,
  disabled,
  onRename,
  onRemove,
}: {
  passkey: Passkey;
  disabled: boolean;
  /** Saves a new name; resolves false when it could not be saved (the form then stays open). */
  onRename: (name: string) => Promise<boolean>;
  onRemove: () => void;
}) {
  const { t, i18n } = useTranslation('settings');
  const [renaming, setRenaming] = useState(false);
  const renameButton = useRef<HTMLButtonElement>(null);
  const wasRenaming = useRef(false);
  // Back from renaming, focus returns to the button that started it rather than to the page's top.
  useEffect(() => {
    if (!renaming && wasRenaming.current) renameButton.current?.focus();
    wasRenaming.current = renaming;
  }, [renaming]);

  return (
    <li className="passkeys__item">
      {renaming ? (
        <RenameForm
          passkey={passkey}
          onSave={async (name) => {
            if (await onRename(name)) setRenaming(false);
          }}
          onCancel={() => setRenaming(false)}
        />
      ) : (
        <>
          <div className="passkeys__title">
            <span className="passkeys__name">{passkey.name}</span>
            {passkey.backedUp ? <span className="status-badge status-badge--success">{t('passkeys.synced')}</span> : null}
          </div>
          <dl className="passkeys__facts">
            <div>
              <dt>{t('passkeys.added')}</dt>
              <dd>{formatDateTime(passkey.createdAt, i18n.resolvedLanguage ?? 'en')}</dd>
            </div>
            <div>
              <dt>{t('passkeys.lastUsed')}</dt>
              <dd>{passkey.lastUsedAt ? formatDateTime(passkey.lastUsedAt, i18n.resolvedLanguage ?? 'en') : t('passkeys.neverUsed')}</dd>
            </div>
          </dl>
          <div className="passkeys__actions">
            <button
              ref={renameButton}
              type="button"
              className="button button--secondary"
              onClick={() => setRenaming(true)}
              disabled={disabled}
              aria-label={t('passkeys.renameLabel', { name: passkey.name })}
            >
              {t('passkeys.rename')}
            </button>
            <button type="button" className="button button--secondary" onClick={onRemove} disabled={disabled} aria-label={t('passkeys.removeLabel', { name: passkey.name })}>
              {t('passkeys.remove')}
            </button>
          </div>
        </>
      )}
    </li>
  );
}

function RenameForm({ passkey, onSave, onCancel }: { passkey: Passkey; onSave: (name: string) => Promise<void>; onCancel: () => void }) {
  const { t } = useTranslation('settings');
  const [busy, setBusy] = useState(false);
  const form = useSchemaForm(passkeyRenameRequestSchema, { name: passkey.name });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const data = form.submit();
    if (!data || busy) return;
    setBusy(true);
    try {
      await onSave(data.name);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="passkeys__rename" onSubmit={submit} noValidate>
      <InputField label={t('passkeys.newName')} {...form.field('name')} maxLength={PASSKEY_NAME_MAX_LENGTH} autoComplete="off" required autoFocus />
      <div className="passkeys__actions">
        <SubmitButton busy={busy} label={t('passkeys.save')} busyLabel={t('passkeys.working')} />
        <button type="button" className="button button--secondary" onClick={onCancel} disabled={busy}>
          {t('passkeys.cancel')}
        </button>
      </div>
    </form>
  );
}
