import { LogoMark } from '#shared/ui/logo';

/** The company's logo, or the ticker's first letter when there is none (see LogoMark). */
export function IpoIcon({
  icon,
  symbol,
  size = 40,
}: {
  icon: string;
  symbol: string;
  size?: number;
}) {
  return <LogoMark src={icon} name={symbol} size={size} />;
}
