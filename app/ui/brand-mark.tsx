/** The agency's mark: a rising bar chart in a rounded square. Decorative; the name sits beside it. */
export function BrandMark() {
  return (
    <svg
      className="brand-mark"
      viewBox="0 0 32 32"
      width="32"
      height="32"
      aria-hidden="true"
      focusable="false"
    >
      <rect width="32" height="32" rx="8" fill="currentColor" />
      <path d="M9 22v-5M16 22V12M23 22V9" stroke="#fff" strokeWidth="3.2" strokeLinecap="round" />
    </svg>
  );
}
