/** What a screen shows while its code or session data loads. */
export function PageLoading() {
  return (
    <div role="status" className="flex min-h-dvh items-center justify-center bg-night-950 text-lg text-gold">
      Loading...
    </div>
  );
}
