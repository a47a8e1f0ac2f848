/** A spinner with its text, announced politely to screen readers. */
export function LoadingStatus({ text }: { text: string }) {
  return (
    <div className="container loading-status" role="status">
      <span className="spinner" aria-hidden="true" />
      {text}
    </div>
  );
}
