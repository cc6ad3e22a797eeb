/**
 * The last defined value `value` had, taken up only after the frame that
 * showed the change: work that depends on it (building a hidden view the next
 * key may show) runs between keypresses, not inside the one that changed it.
 */
import { useEffect, useState } from "react";

export function useLastAfterFrame<T>(value: T | undefined): T | undefined {
  const [last, setLast] = useState<T>();
  useEffect(() => {
    if (value === undefined || Object.is(value, last)) return;
    const timer = setTimeout(() => setLast(value), 0);
    return () => clearTimeout(timer);
  }, [value, last]);
  return last;
}
