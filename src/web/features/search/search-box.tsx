import { Search } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Input } from '@/web/components/ui/input';
import { cn } from '@/web/lib/utils';

/** The header search box (DECISIONS 11): Enter opens /search?q=… */
export function SearchBox({ className, onSubmitted }: { className?: string; onSubmitted?: () => void }) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [text, setText] = useState(params.get('q') ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const q = text.trim();
    if (!q) return;
    navigate(`/search?q=${encodeURIComponent(q)}`);
    onSubmitted?.();
  };
  return (
    <form role="search" onSubmit={submit} className={cn('relative', className)}>
      <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
      <Input
        type="search"
        aria-label="Search products"
        placeholder="Search products..."
        value={text}
        onChange={(event) => setText(event.target.value)}
        className="pl-9"
      />
    </form>
  );
}
