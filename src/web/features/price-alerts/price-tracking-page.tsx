/** Placeholder until its issue builds the screen. */
export function PriceTrackingPage() {
  return <div className="mx-auto max-w-7xl px-4 py-10"><h1 className="text-2xl font-bold">PriceTrackingPage</h1></div>;
}
