export { newSecret, hashSecret, safeEqual } from './secrets.js';
export { encrypt, decrypt, DecryptionError } from './encryption.js';
export { UrlSigner, type SignedQuery } from './url-signer.js';
export { deriveServerKeys, loadServerKeys, type PurposeKeys, type ServerKeys } from './server-keys.js';
