import type { PagedList, PageReply } from '#shared/api/list';
import { PagedListView } from '#shared/ui/list';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A money screen's records: a paged list that speaks of records. `row` draws one record. */
export function RecordsView<Reply extends PageReply<{ readonly id: string }>>({
  list,
  label,
  row,
}: {
  list: PagedList<Reply>;
  label: string;
  row: (item: Reply['list'][number]) => ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <PagedListView
      list={list}
      label={label}
      row={row}
      texts={{
        loadFailed: t('funds.records.loadFailed'),
        emptyTitle: t('funds.records.emptyTitle'),
        emptyHint: t('funds.records.emptyHint'),
      }}
    />
  );
}
