import { useQuery } from '@tanstack/react-query';
import type { PublicSettings } from '@vaultline/shared';
import { useEffect } from 'react';
import { api } from '../../lib/api-client';

/** Tidio public keys are short alphanumeric strings; anything else never reaches a script URL. */
const KEY_PATTERN = /^[A-Za-z0-9_-]{10,64}$/;

export const publicSettingsQuery = {
  queryKey: ['settings'] as const,
  queryFn: () => api.get<PublicSettings>('settings'),
  staleTime: 5 * 60_000,
};

/** Loads the chat widget script only when the server has a chat widget key (DECISIONS §9). */
export function ChatWidget() {
  const { data } = useQuery(publicSettingsQuery);
  const key = data?.chatWidgetKey?.trim();

  useEffect(() => {
    if (!key || !KEY_PATTERN.test(key)) return;
    const id = 'tidio-chat-script';
    if (document.getElementById(id)) return;
    const script = document.createElement('script');
    script.id = id;
    script.async = true;
    script.src = `https://code.tidio.co/${encodeURIComponent(key)}.js`;
    document.body.appendChild(script);
  }, [key]);

  return null;
}
