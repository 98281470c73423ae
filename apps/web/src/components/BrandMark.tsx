/** The product mark: a drop with a glucose trace. */
export function BrandMark({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" className="gc-brand-mark">
      <rect width="64" height="64" rx="14" fill="#0e7c86" />
      <path d="M32 12c-7 10-14 18-14 27a14 14 0 0 0 28 0c0-9-7-17-14-27z" fill="#fff" />
      <path
        d="M24 40h5l3-6 4 11 3-5h2"
        fill="none"
        stroke="#0e7c86"
        strokeWidth="3"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
