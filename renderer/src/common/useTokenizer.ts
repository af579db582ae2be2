// Loads the tokenizer (its own chunk) when a component first needs exact counts; re-renders once it is there.
import { useEffect, useState } from 'react';
import { loadTokenizer, tokenizerLoaded } from '../../../shared/tokens';

/**
 * Whether estimates come from the tokenizer yet; until then they are the cheap guess. The chunk
 * (about 1 MB) is fetched only once `wanted` is true.
 */
export function useTokenizerLoaded(wanted = true): boolean {
  const [loaded, setLoaded] = useState(tokenizerLoaded);
  useEffect(() => {
    if (loaded || !wanted) return;
    let mounted = true;
    void loadTokenizer().then((ok) => {
      if (mounted && ok) setLoaded(true);
    });
    return () => {
      mounted = false;
    };
  }, [loaded, wanted]);
  return loaded;
}
