// Links leaving the app: a web or mail link waits for the person's yes, unless its host was trusted before.
import { linkAddressOf, type LinkAddress } from '../../../shared/links';
import { isTrustedLinkHost, trustLinkHost } from '../common/trusted-link-hosts';
import { pageStorage } from '../common/page-storage';
import { openExternal } from '../platform';
import type { SliceCreator } from './slice';

export interface LinksSlice {
  /** The link the confirm dialog asks about; null when none waits. */
  linkToConfirm: LinkAddress | null;
  /** A link was clicked: anything but http(s) and mailto is dropped here. */
  requestOpenLink(raw: string): void;
  /** "Open link": `alwaysForHost` remembers the host, so its links open without asking. */
  confirmOpenLink(alwaysForHost: boolean): void;
  cancelOpenLink(): void;
}

export const createLinksSlice: SliceCreator<LinksSlice> = (set, get) => ({
  linkToConfirm: null,
  requestOpenLink: (raw) => {
    const address = linkAddressOf(raw);
    if (!address) return;
    if (address.trustKey !== null && isTrustedLinkHost(pageStorage(), address.trustKey)) {
      openExternal(address.href);
      return;
    }
    set({ linkToConfirm: address });
  },
  confirmOpenLink: (alwaysForHost) => {
    const address = get().linkToConfirm;
    if (!address) return;
    if (alwaysForHost && address.trustKey !== null) trustLinkHost(pageStorage(), address.trustKey);
    set({ linkToConfirm: null });
    openExternal(address.href);
  },
  cancelOpenLink: () => set({ linkToConfirm: null }),
});
