export { BindBankPage as Component } from './ui/bind-bank-page.tsx';
