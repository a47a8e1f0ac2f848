// One field of an admin form: its label, the control, an optional hint and the error, tied
// together for assistive technology (the control is described by the hint and the error, and
// marked invalid while the error shows). The control itself is the caller's: it spreads the
// attributes it is given. AdminChoiceField does the same for a group of radio buttons, named by
// a legend. The settings form and the post form use them.
import { useId, type ReactNode } from 'react';

export interface FieldControl {
  id: string;
  'aria-describedby': string | undefined;
  'aria-invalid': true | undefined;
}

interface FieldParts {
  label: ReactNode;
  hint?: ReactNode;
  /** Shown under the control while set. */
  error?: string | null;
  /** Under the hint, before the error: what the field says as it is used (a check, an upload). */
  after?: ReactNode;
}

/** The ids and attributes that tie a field's parts together. */
function useFieldIds({
  hint,
  error,
  id: fixedId,
}: Pick<FieldParts, 'hint' | 'error'> & { id?: string }) {
  const generatedId = useId();
  const id = fixedId ?? generatedId;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  const control = {
    'aria-describedby': describedBy || undefined,
    'aria-invalid': error ? true : undefined,
  } as const;
  const below = (after: ReactNode) => (
    <>
      {hint && (
        <p id={hintId} className="admin-field__hint">
          {hint}
        </p>
      )}
      {after}
      {error && (
        <p id={errorId} className="admin-field__error">
          {error}
        </p>
      )}
    </>
  );
  return { id, control, below };
}

export function AdminField({
  id: fixedId,
  label,
  hint,
  error,
  after,
  children,
}: FieldParts & {
  /** The control's id, where a link points at it (a settings field); else one of React's. */
  id?: string;
  children: (control: FieldControl) => ReactNode;
}) {
  const { id, control, below } = useFieldIds({ hint, error, id: fixedId });
  return (
    <div className="admin-field">
      <label htmlFor={id}>{label}</label>
      {children({ id, ...control })}
      {below(after)}
    </div>
  );
}

/** A group of radio buttons: the legend names it, each button is described by hint and error. */
export function AdminChoiceField({
  label,
  hint,
  error,
  after,
  children,
}: FieldParts & {
  children: (control: Omit<FieldControl, 'id'>) => ReactNode;
}) {
  const { control, below } = useFieldIds({ hint, error });
  return (
    <fieldset className="admin-field">
      <legend>{label}</legend>
      <div className="admin-choices">{children(control)}</div>
      {below(after)}
    </fieldset>
  );
}
