import 'antd-mobile/es/components/list/list.css';
import 'antd-mobile/es/components/form/index.css';
import type { InputProps, InputRef } from 'antd-mobile/es/components/input';
import Input from 'antd-mobile/es/components/input';
import { useLayoutEffect, useRef, type ReactNode, type SubmitEvent } from 'react';

/*
 * The layout of antd-mobile's Form (a card list of vertical rows) drawn with its own class names
 * and styles, without the field store, the validator and the help popover that come with its
 * component: our values and checks live in Effector models, so a form here only lays them out.
 */

const hasContent = (node: ReactNode): boolean =>
  node !== null && node !== undefined && node !== false && node !== '';

/**
 * A form of rows on one card, sent by the keyboard's action key (the browser's own submit) or by
 * a submit button in `footer`. The page never reloads; `onSubmit`, when given, is told.
 */
export function FormList({
  onSubmit,
  footer,
  className,
  children,
}: {
  onSubmit?: () => void;
  footer?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    event.stopPropagation();
    onSubmit?.();
  };
  return (
    <form className={className ? `adm-form ${className}` : 'adm-form'} onSubmit={submit}>
      <div className="adm-list adm-list-card">
        <div className="adm-list-body">
          <div className="adm-list-body-inner">{children}</div>
        </div>
      </div>
      {hasContent(footer) ? <div className="adm-form-footer">{footer}</div> : null}
    </form>
  );
}

/**
 * One row of a FormList: its label over the control, the words under it (a message, a hint) and,
 * beside it, whatever `extra` holds (a counter, a button). `htmlFor` ties the label to the
 * control; `required` marks it as antd-mobile does.
 */
export function FormItem({
  label,
  htmlFor,
  required = false,
  extra,
  description,
  children,
}: {
  label?: ReactNode;
  htmlFor?: string;
  required?: boolean;
  extra?: ReactNode;
  description?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="adm-list-item adm-form-item adm-form-item-vertical">
      <div className="adm-list-item-content">
        <div className="adm-list-item-content-main">
          {hasContent(label) ? (
            <div className="adm-list-item-title">
              <label className="adm-form-item-label" htmlFor={htmlFor}>
                {label}
                {required ? (
                  <span className="adm-form-item-required-asterisk" aria-hidden="true">
                    *
                  </span>
                ) : null}
              </label>
            </div>
          ) : null}
          <div className="adm-form-item-child adm-form-item-child-position-normal">
            <div className="adm-form-item-child-inner">{children}</div>
          </div>
          {hasContent(description) ? (
            <div className="adm-list-item-description">{description}</div>
          ) : null}
        </div>
        {hasContent(extra) ? <div className="adm-list-item-content-extra">{extra}</div> : null}
      </div>
    </div>
  );
}

export interface FieldInputProps extends InputProps {
  /** the field's value was refused: `aria-invalid` */
  invalid?: boolean;
  /** the id of the words that say why (or what is wanted): `aria-describedby` */
  describedBy?: string | undefined;
}

/**
 * antd-mobile's Input, with `aria-invalid` and `aria-describedby` on the <input> itself: the
 * component puts only `id` and `aria-label` there (other aria-* land on its wrapper).
 */
export function FieldInput({ invalid = false, describedBy, ...input }: FieldInputProps) {
  const ref = useRef<InputRef>(null);
  useLayoutEffect(() => {
    const element = ref.current?.nativeElement;
    if (!element) return;
    if (invalid) element.setAttribute('aria-invalid', 'true');
    else element.removeAttribute('aria-invalid');
    if (describedBy) element.setAttribute('aria-describedby', describedBy);
    else element.removeAttribute('aria-describedby');
  }, [invalid, describedBy]);
  // antd-mobile's clear icon is a <div aria-label> (ARIA forbids a name without a role) that no
  // keyboard reaches: a pointer's shortcut, hidden from assistive technology, which clears the
  // field as any text field is cleared. It comes and goes with the value, so on every render.
  useLayoutEffect(() => {
    const clear = ref.current?.nativeElement?.parentElement?.querySelector('.adm-input-clear');
    if (!clear) return;
    clear.removeAttribute('aria-label');
    clear.setAttribute('aria-hidden', 'true');
  });
  return <Input {...input} ref={ref} />;
}
