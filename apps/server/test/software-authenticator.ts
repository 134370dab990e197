// A small software authenticator for API tests: an ES256 key pair made with node:crypto, real
// WebAuthn registration ('none' attestation) and assertion answers built byte by byte as a browser
// and an authenticator would, so the server's @simplewebauthn checks run on genuine signatures.
import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from "node:crypto";
import { isoCBOR } from "@simplewebauthn/server/helpers";

const b64 = (bytes: Uint8Array | Buffer): string => Buffer.from(bytes).toString("base64url");
const sha256 = (data: Uint8Array | string): Buffer => createHash("sha256").update(data).digest();

const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

type Options = { challenge: string; rpId?: string; rp?: { id?: string } };

export class SoftwareAuthenticator {
  readonly credentialId = randomBytes(32);
  private readonly privateKey: KeyObject;
  private readonly x: Buffer;
  private readonly y: Buffer;
  counter = 0;

  constructor(
    private readonly origin: string,
    private readonly rpId: string,
    /** The account id the passkey was made for: the user handle of a discoverable passkey. */
    public userHandle = "",
  ) {
    const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
    this.privateKey = privateKey;
    const jwk = publicKey.export({ format: "jwk" });
    this.x = Buffer.from(jwk.x ?? "", "base64url");
    this.y = Buffer.from(jwk.y ?? "", "base64url");
  }

  get id(): string {
    return b64(this.credentialId);
  }

  private authData(rpId: string, flags: number, attested?: Buffer): Buffer {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(this.counter);
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, ...(attested ? [attested] : [])]);
  }

  private clientData(type: string, challenge: string, origin: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** The answer to registration options, as @simplewebauthn/browser's startRegistration gives it. */
  register(options: Options, override: { origin?: string; rpId?: string } = {}) {
    const cose = new Map<number, number | Uint8Array>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, new Uint8Array(this.x)],
      [-3, new Uint8Array(this.y)],
    ]);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, this.credentialId, Buffer.from(isoCBOR.encode(cose))]);
    const authData = this.authData(override.rpId ?? this.rpId, UP | UV | AT, attested);
    const attestationObject = isoCBOR.encode(
      new Map<string, unknown>([
        ["fmt", "none"],
        ["attStmt", new Map()],
        ["authData", new Uint8Array(authData)],
      ]) as Parameters<typeof isoCBOR.encode>[0],
    );
    return {
      id: this.id,
      rawId: this.id,
      type: "public-key" as const,
      clientExtensionResults: {},
      authenticatorAttachment: "platform" as const,
      response: {
        clientDataJSON: b64(this.clientData("webauthn.create", options.challenge, override.origin ?? this.origin)),
        attestationObject: b64(attestationObject),
        transports: ["internal"],
      },
    };
  }

  /** A signed assertion for `options` (the counter moves on by one unless told otherwise). */
  assert(
    options: Options,
    override: { origin?: string; rpId?: string; counter?: number; userVerified?: boolean; userHandle?: string } = {},
  ) {
    this.counter = override.counter ?? this.counter + 1;
    const authData = this.authData(override.rpId ?? this.rpId, override.userVerified === false ? UP : UP | UV);
    const clientData = this.clientData("webauthn.get", options.challenge, override.origin ?? this.origin);
    const signature = sign("sha256", Buffer.concat([authData, sha256(clientData)]), this.privateKey);
    const handle = override.userHandle ?? this.userHandle;
    return {
      id: this.id,
      rawId: this.id,
      type: "public-key" as const,
      clientExtensionResults: {},
      authenticatorAttachment: "platform" as const,
      response: {
        clientDataJSON: b64(clientData),
        authenticatorData: b64(authData),
        signature: b64(signature),
        ...(handle ? { userHandle: b64(Buffer.from(handle)) } : {}),
      },
    };
  }
}
