// What a web host page keeps for its own tab, in sessionStorage (which the browser scopes by origin: scheme, host and port): its bridge session and the key in its media addresses.

/** The secret the web host handed this tab for its bridge; a new WebSocket says it first. */
export const WEB_SESSION_ITEM = 'atelier.web.session';

/**
 * The web host serves media at `media/<key>/<id>`: an <img> or <audio> cannot send a secret any
 * other way without a cookie, and a cookie would reach every port of the host.
 */
export const WEB_MEDIA_KEY_ITEM = 'atelier.web.mediaKey';
