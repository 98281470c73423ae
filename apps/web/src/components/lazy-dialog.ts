import { useState } from 'react';

/**
 * For a dialog whose code loads on first use (React.lazy): false until `open` first turns true, then
 * true for good, so the dialog mounts when first wanted and stays mounted for its closing animation.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}
