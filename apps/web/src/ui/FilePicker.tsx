import './formField.css';

interface FilePickerProps {
  id: string;
  accept: string;
  /** The visible button's text, in the page's language. */
  chooseLabel: string;
  /** What has been chosen so far (a file's name, or the page's "no file" text); nothing shown when undefined. */
  chosen?: string;
  describedBy?: string;
  invalid?: boolean;
  onChoose: (file: File | undefined) => void;
}

/**
 * A file input whose button speaks the page's language: the browser draws its own "Choose file"
 * and "No file chosen" in the browser's language, whatever the page's. The input stays in the page,
 * out of sight but focusable and labelled by the field's label; the visible button is a second
 * label for it, so a click on it opens the browser's file dialog. The input is emptied after each
 * choice, so choosing the same file again still reports it.
 */
export function FilePicker({ id, accept, chooseLabel, chosen, describedBy, invalid, onChoose }: FilePickerProps) {
  return (
    <div className="file-picker">
      <input
        id={id}
        type="file"
        accept={accept}
        className="file-picker__input"
        aria-describedby={describedBy}
        aria-invalid={invalid ? true : undefined}
        onChange={(event) => {
          onChoose(event.currentTarget.files?.[0]);
          event.currentTarget.value = '';
        }}
      />
      <label htmlFor={id} className="button button--secondary file-picker__button">
        {chooseLabel}
      </label>
      {chosen === undefined ? null : (
        <span className="file-picker__chosen" aria-live="polite">
          {chosen}
        </span>
      )}
    </div>
  );
}
