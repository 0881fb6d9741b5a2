import { Link } from 'react-router';

export function Footer() {
  return (
    <footer className="mt-16 border-t bg-muted/40">
      <div className="mx-auto flex max-w-7xl flex-col gap-2 px-4 py-8 text-sm text-muted-foreground sm:flex-row sm:items-center sm:justify-between">
        <p>
          <span className="font-semibold text-foreground">Bachat</span> compares prices across Indian stores so you never overpay.
        </p>
        <nav aria-label="Footer" className="flex gap-4">
          <Link to="/products/electronics" className="hover:text-foreground">
            Electronics
          </Link>
          <Link to="/products/ladies-apparels" className="hover:text-foreground">
            Apparels
          </Link>
          <Link to="/price-tracking" className="hover:text-foreground">
            Price Tracking
          </Link>
          <a href="/api/docs" className="hover:text-foreground">
            API
          </a>
        </nav>
      </div>
    </footer>
  );
}
