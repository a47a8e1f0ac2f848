// One radio button of the post form (the language, published or draft), named by its column.
import type { ReactNode } from 'react';
import type { PostField } from './post-rules';

export function PostChoice({
  name,
  value,
  checked,
  onChange,
  children,
  ...described
}: {
  name: PostField;
  value: string;
  checked: boolean;
  onChange: () => void;
  'aria-describedby': string | undefined;
  'aria-invalid': true | undefined;
  children: ReactNode;
}) {
  return (
    <label className="admin-choice">
      <input
        type="radio"
        name={name}
        value={value}
        checked={checked}
        onChange={onChange}
        {...described}
      />
      {children}
    </label>
  );
}
