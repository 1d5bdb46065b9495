import { useSearchParams } from 'react-router-dom';
import { IpoDetailView } from './ipo-detail.tsx';
import { IpoListsView } from './ipo-lists.tsx';

/**
 * /pages/ipo/ipo: the offerings by stage (`?tab=`), or one offering (`?id=`). Both live in the
 * address, so a link, the back button and a reload all land on the same view.
 */
export function IpoPage() {
  const [search] = useSearchParams();
  const id = search.get('id');
  return id === null ? <IpoListsView /> : <IpoDetailView id={id} />;
}
