import { FormList } from '#shared/ui/form';
import Button from 'antd-mobile/es/components/button';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import styles from './auth-form.module.css';

/** The heading over a guest's form; the login page greets, with a little more room. */
export function AuthHero({
  heading,
  subtitle,
  welcome = false,
}: {
  heading: string;
  subtitle: string;
  welcome?: boolean;
}) {
  return (
    <div className={welcome ? `${styles.hero} ${styles.welcome}` : styles.hero}>
      <h2 className={styles.heading}>{heading}</h2>
      <p className={styles.subtitle}>{subtitle}</p>
    </div>
  );
}

/** The card the fields sit in. The fields are the model's, so the form keeps no values. */
export function AuthForm({ children }: { children: ReactNode }) {
  return <FormList className={styles.form}>{children}</FormList>;
}

/** The sticky bar: the form's button, and the way to the other guest form. */
export function AuthFooter({
  submitLabel,
  submitting,
  onSubmit,
  prompt,
  linkTo,
  linkLabel,
}: {
  submitLabel: string;
  submitting: boolean;
  onSubmit: () => void;
  /** "No account yet?" */
  prompt: string;
  linkTo: string;
  linkLabel: string;
}) {
  return (
    <div className={styles.footer}>
      <Button block color="primary" size="large" loading={submitting} onClick={onSubmit}>
        {submitLabel}
      </Button>
      <p className={styles.switch}>
        {prompt} <Link to={linkTo}>{linkLabel}</Link>
      </p>
    </div>
  );
}

/** A refusal that belongs to no field, under the form. */
export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className={styles.formError}>
      {message}
    </p>
  );
}
