// A missing value in the leads' screens: a dash to see, a word to hear.
import { leadsCopy as copy } from './copy';

export function None({ label = copy.none }: { label?: string }) {
  return (
    <>
      <span aria-hidden="true">—</span>
      <span className="sr-only">{label}</span>
    </>
  );
}
