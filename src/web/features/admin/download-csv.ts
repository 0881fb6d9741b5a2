import { toast } from '@/web/lib/toast';
import { getToken } from '@/web/lib/api-client';

/** Downloads an operator CSV (the API needs the bearer token, so a plain link cannot). */
export async function downloadCsv(path: string, fileName: string): Promise<void> {
  const token = getToken();
  const response = await fetch(`/api${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} }).catch(() => null);
  if (!response?.ok) {
    toast.error('Download failed', { description: response ? `The server answered ${response.status}` : 'Network error' });
    return;
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
