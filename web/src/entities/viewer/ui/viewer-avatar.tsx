import { LogoMark } from '#shared/ui/logo';
import { useTranslation } from 'react-i18next';

export interface ViewerAvatarProps {
  /** an absolute URL, a data URL or a path on the API host; '' shows the lettered fallback */
  src: string;
  nickname: string;
  /** px; 48 by default */
  size?: number;
}

/** The user's picture, named for a screen reader, or the first character of the nickname. */
export function ViewerAvatar({ src, nickname, size = 48 }: ViewerAvatarProps) {
  const { t } = useTranslation();
  return (
    <LogoMark
      src={src}
      name={nickname}
      size={size}
      label={t('viewer.avatarOf', { name: nickname })}
    />
  );
}
