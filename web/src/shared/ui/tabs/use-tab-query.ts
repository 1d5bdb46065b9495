import { useSearchParams } from 'react-router-dom';

/**
 * A row of tabs whose choice lives in the address (`?tab=`), so a link opens a given tab and Back
 * leaves the screen rather than stepping through the tabs: a choice replaces the history entry.
 * `read` turns the query's value (or its absence, or a value no tab has) into a tab.
 */
export function useTabQuery<K extends string>(
  read: (value: string | null) => K,
  name = 'tab',
): readonly [K, (tab: K) => void] {
  const [search, setSearch] = useSearchParams();
  const choose = (tab: K) => {
    setSearch({ [name]: tab }, { replace: true });
  };
  return [read(search.get(name)), choose];
}
