/** An admin page whose data could not be loaded: what failed, announced, and a button to try again. */
export function LoadFailed({
  message,
  retryLabel,
  onRetry,
}: {
  message: string;
  retryLabel: string;
  onRetry: () => void;
}) {
  return (
    <div className="admin-empty">
      <p className="admin-empty__heading" role="alert">
        {message}
      </p>
      <button type="button" className="admin-button admin-button--secondary" onClick={onRetry}>
        {retryLabel}
      </button>
    </div>
  );
}
