/** The filename a download answer names in Content-Disposition, or a fallback. */
export function filenameOf(response: Response, fallback: string): string {
  const header = response.headers.get('content-disposition') ?? '';
  const extended = /filename\*=UTF-8''([^;]+)/i.exec(header)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended);
    } catch {
      // fall through
    }
  }
  return /filename="([^"]+)"/i.exec(header)?.[1] ?? fallback;
}
