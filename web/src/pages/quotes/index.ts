export { QuotesPage as Component } from './ui/quotes-page.tsx';
