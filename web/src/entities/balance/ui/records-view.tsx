import type { PagedList, PageReply } from '#shared/api/list';
import { PagedListView } from '#shared/ui/list';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A money screen's records: a paged list that speaks of records. `row` draws one record; `empty`
 * says why a list has none when there is more to say (the demo account's lists).
 */
export function RecordsView<Reply extends PageReply<{ readonly id: string }>>({
  list,
  label,
  row,
  empty,
}: {
  list: PagedList<Reply>;
  label: string;
  row: (item: Reply['list'][number]) => ReactNode;
  empty?: { title: string; hint: string } | undefined;
}) {
  const { t } = useTranslation();
  return (
    <PagedListView
      list={list}
      label={label}
      row={row}
      texts={{
        loadFailed: t('funds.records.loadFailed'),
        emptyTitle: empty?.title ?? t('funds.records.emptyTitle'),
        emptyHint: empty?.hint ?? t('funds.records.emptyHint'),
      }}
    />
  );
}
