/**
 * The AWS SDK prints a 9-line NodeVersionSupportWarning (process.emitWarning, to stderr) the first
 * time an S3 client is built on Node < 22: a notice to the SDK's own users that its releases after
 * January 2027 need Node 22. It breaks the one-event-per-line log, repeats at every start, and
 * tells an Orator operator nothing they can act on (Orator pins the SDK in package-lock.json and
 * says which Node it supports in package.json engines). The SDK reads this documented variable
 * when the client is built; an operator who sets it keeps their value. Other
 * warnings are untouched.
 */
export function silenceAwsSdkNodeVersionWarning(): void {
  if (!process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED) process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
}
