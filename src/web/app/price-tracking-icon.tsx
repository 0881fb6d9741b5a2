import { BellRing } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/web/components/ui/button';

/** The signed-in header's price-tracking icon (the notifications issue adds its unread count). */
export function PriceTrackingIcon() {
  return (
    <Button variant="ghost" size="icon" asChild>
      <Link to="/price-tracking" aria-label="Price Tracking">
        <BellRing aria-hidden />
      </Link>
    </Button>
  );
}
