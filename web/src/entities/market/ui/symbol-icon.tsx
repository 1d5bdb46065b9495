import { LogoMark } from '#shared/ui/logo';

export interface SymbolIconProps {
  /** an absolute URL or a path on the API host; '' shows the lettered fallback */
  icon: string;
  /** the symbol's display name, e.g. BTC/USDT: its first letter is the fallback */
  display: string;
  /** px; 32 by default */
  size?: number;
}

/** A symbol's icon, or its first letter when there is none or it fails to load (see LogoMark). */
export function SymbolIcon({ icon, display, size = 32 }: SymbolIconProps) {
  return <LogoMark src={icon} name={display} size={size} />;
}
