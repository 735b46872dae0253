export { newSecret, hashSecret, safeEqual } from './secrets.js';
export { encrypt, decrypt, DecryptionError } from './encryption.js';
export { UrlSigner, type SignedQuery } from './url-signer.js';
export { deriveServerKeys, loadServerKeys, SERVER_SECRET_SETTING, type ServerKeys } from './server-keys.js';
