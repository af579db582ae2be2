// Loads the tokenizer (its own chunk) when a component first needs exact counts; re-renders once it is there.
import { useEffect, useState } from 'react';
import { loadTokenizer, tokenizerLoaded } from '../../../shared/tokens';

/** Whether estimates come from the tokenizer yet; until then they are the cheap guess. */
export function useTokenizerLoaded(): boolean {
  const [loaded, setLoaded] = useState(tokenizerLoaded);
  useEffect(() => {
    if (loaded) return;
    let mounted = true;
    void loadTokenizer().then((ok) => {
      if (mounted && ok) setLoaded(true);
    });
    return () => {
      mounted = false;
    };
  }, [loaded]);
  return loaded;
}
