import { ArrowLeft, Home, Laptop, SearchX, Shirt } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { Button } from '@/web/components/ui/button';

/** SPEC point 2: what a listing answered with 404 shows. */
export function CategoryNotFound({ category }: { category: string }) {
  const navigate = useNavigate();
  // A tab opened on this link has nothing to go back to: Go Back goes home then.
  const goBack = () => (window.history.length > 1 ? navigate(-1) : navigate('/'));
  return (
    <div className="mx-auto flex max-w-2xl flex-col items-center gap-6 px-4 py-14 text-center sm:py-20">
      <div className="grid size-16 place-items-center rounded-full bg-accent text-accent-foreground">
        <SearchX className="size-8" aria-hidden />
      </div>
      <div className="space-y-2">
        <h1 className="text-3xl font-bold tracking-tight">Category Not Found</h1>
        <p className="text-muted-foreground">
          We couldn't find the category <strong className="font-semibold [overflow-wrap:anywhere] text-foreground" data-testid="missing-category">“{category}”</strong>. It may
          have moved, or the link may be mistyped.
        </p>
      </div>

      <div className="grid w-full gap-3 sm:grid-cols-2">
        <Link
          to="/products/electronics"
          className="group flex items-center gap-4 rounded-xl border bg-card p-4 text-left shadow-xs transition hover:border-primary/40 hover:shadow-md"
        >
          <span className="grid size-12 shrink-0 place-items-center rounded-lg bg-primary/10 text-primary">
            <Laptop className="size-6" aria-hidden />
          </span>
          <span>
            <span className="block font-semibold group-hover:text-primary">Electronics</span>
            <span className="block text-sm text-muted-foreground">Smartphones, laptops, and more</span>
          </span>
        </Link>
        <Link
          to="/products/ladies-apparels"
          className="group flex items-center gap-4 rounded-xl border bg-card p-4 text-left shadow-xs transition hover:border-primary/40 hover:shadow-md"
        >
          <span className="grid size-12 shrink-0 place-items-center rounded-lg bg-primary/10 text-primary">
            <Shirt className="size-6" aria-hidden />
          </span>
          <span>
            <span className="block font-semibold group-hover:text-primary">Ladies' Apparels</span>
            <span className="block text-sm text-muted-foreground">Fashion and clothing</span>
          </span>
        </Link>
      </div>

      <div className="flex flex-wrap justify-center gap-3">
        <Button variant="outline" onClick={goBack}>
          <ArrowLeft aria-hidden /> Go Back
        </Button>
        <Button variant="outline" asChild>
          <Link to="/">
            <Home aria-hidden /> Go Home
          </Link>
        </Button>
        <Button asChild>
          <Link to="/products/electronics">Browse All Products</Link>
        </Button>
      </div>
      <p className="text-sm text-muted-foreground">
        Still can't find it?{' '}
        <Link to="/" className="font-medium text-primary underline-offset-4 hover:underline">
          Contact our support team
        </Link>
      </p>
    </div>
  );
}
