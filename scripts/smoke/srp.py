"""Cognito's SRP sign-in (USER_SRP_AUTH then PASSWORD_VERIFIER), client side.

The deployed app client allows only ALLOW_USER_SRP_AUTH, so the smoke test
signs in the way the web app (Amplify) does. The maths follows Amplify's
`AuthenticationHelper`: SRP-6a over the 3072-bit group of RFC 5054 with
g = 2, SHA-256, k = H(N | g), u = H(A | B), x = H(salt | H(pool + user ":"
password)), and the key HKDF(S, u, "Caldera Derived Key") cut to 16 bytes.
Every number is hashed as its "padded hex" (even length, a leading 00 when
the top bit is set), as Cognito's Java side writes BigIntegers.
`test_srp.py` checks it against values computed by Amplify's own code.
"""
import base64
import hashlib
import hmac
import secrets
from datetime import datetime, timezone

N_HEX = (
    "FFFFFFFFFFFFFFFFC90FDAA22168C234C4C6628B80DC1CD129024E088A67CC74020BBEA63B139B22514A08798E3404DD"
    "EF9519B3CD3A431B302B0A6DF25F14374FE1356D6D51C245E485B576625E7EC6F44C42E9A637ED6B0BFF5CB6F406B7ED"
    "EE386BFB5A899FA5AE9F24117C4B1FE649286651ECE45B3DC2007CB8A163BF0598DA48361C55D39A69163FA8FD24CF5F"
    "83655D23DCA3AD961C62F356208552BB9ED529077096966D670C354E4ABC9804F1746C08CA18217C32905E462E36CE3B"
    "E39E772C180E86039B2783A2EC07A28FB5C55DF06F4C52C9DE2BCBF6955817183995497CEA956AE515D2261898FA0510"
    "15728E5A8AAAC42DAD33170D04507A33A85521ABDF1CBA64ECFB850458DBEF0A8AEA71575D060C7DB3970F85A6E1E4C7"
    "ABF5AE8CDB0933D71E8C94E04A25619DCEE3D2261AD2EE6BF12FFA06D98A0864D87602733EC86A64521F2B18177B200C"
    "BBE117577A615D6C770988C0BAD946E208E24FA074E5AB3143DB5BFCE0FD108E4B82D120A93AD2CAFFFFFFFFFFFFFFFF"
)
N = int(N_HEX, 16)
G = 2
INFO = b"Caldera Derived Key\x01"
WEEKDAYS = ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")
MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")


def padded_hex(n: int) -> str:
    """A non-negative integer as Cognito hashes it: even-length hex, 00 first when the top bit is set."""
    h = format(n, "x")
    if len(h) % 2:
        h = "0" + h
    if h[0] in "89abcdef":
        h = "00" + h
    return h


def hash_hex(hex_text: str) -> str:
    return hashlib.sha256(bytes.fromhex(hex_text)).hexdigest()


K = int(hash_hex(padded_hex(N) + padded_hex(G)), 16)


def large_a(a: int) -> int:
    big_a = pow(G, a, N)
    if big_a % N == 0:
        raise ValueError("A mod N is 0")
    return big_a


def pool_name(user_pool_id: str) -> str:
    """The part of a pool id after the region (`us-east-1_AbC` -> `AbC`)."""
    return user_pool_id.split("_", 1)[1] if "_" in user_pool_id else user_pool_id


def password_key(pool: str, user_id: str, password: str, a: int, big_b: int, salt_hex: str) -> bytes:
    """The 16-byte HKDF key both sides derive (Amplify's getPasswordAuthenticationKey)."""
    if big_b % N == 0:
        raise ValueError("SRP_B mod N is 0")
    big_a = large_a(a)
    u = int(hash_hex(padded_hex(big_a) + padded_hex(big_b)), 16)
    if u == 0:
        raise ValueError("u is 0")
    user_hash = hashlib.sha256(f"{pool}{user_id}:{password}".encode()).hexdigest()
    x = int(hash_hex(padded_hex(int(salt_hex, 16)) + user_hash), 16)
    s = pow((big_b - K * pow(G, x, N)) % N, a + u * x, N)
    prk = hmac.new(bytes.fromhex(padded_hex(u)), bytes.fromhex(padded_hex(s)), hashlib.sha256).digest()
    return hmac.new(prk, INFO, hashlib.sha256).digest()[:16]


def now_string(now: datetime) -> str:
    """Cognito's TIMESTAMP: `Tue Nov 5 09:03:07 UTC 2026` (the day not padded)."""
    now = now.astimezone(timezone.utc)
    return f"{WEEKDAYS[now.weekday()]} {MONTHS[now.month - 1]} {now.day} {now:%H:%M:%S} UTC {now.year}"


def secret_block_bytes(secret_block: str) -> bytes:
    """The challenge's SECRET_BLOCK, read as Amplify reads it (URL-safe letters allowed, padding optional)."""
    text = secret_block.replace("-", "+").replace("_", "/")
    return base64.b64decode(text + "=" * (-len(text) % 4))


def signature(key: bytes, pool: str, user_id: str, secret_block: str, timestamp: str) -> str:
    message = pool.encode() + user_id.encode() + secret_block_bytes(secret_block) + timestamp.encode()
    return base64.b64encode(hmac.new(key, message, hashlib.sha256).digest()).decode()


class SignInError(Exception):
    pass


def sign_in(idp, user_pool_id: str, client_id: str, username: str, password: str, now=None, a=None) -> dict:
    """Signs in with USER_SRP_AUTH through a boto3 `cognito-idp` client; answers the AuthenticationResult."""
    a = a if a is not None else int.from_bytes(secrets.token_bytes(128), "big")
    started = idp.initiate_auth(
        ClientId=client_id, AuthFlow="USER_SRP_AUTH",
        AuthParameters={"USERNAME": username, "SRP_A": format(large_a(a), "x")},
    )
    if started.get("ChallengeName") != "PASSWORD_VERIFIER":
        raise SignInError(f"expected the PASSWORD_VERIFIER challenge, got {started.get('ChallengeName')}")
    p = started["ChallengeParameters"]
    pool, user_id = pool_name(user_pool_id), p["USER_ID_FOR_SRP"]
    key = password_key(pool, user_id, password, a, int(p["SRP_B"], 16), p["SALT"])
    timestamp = now_string(now or datetime.now(timezone.utc))
    session = {"Session": started["Session"]} if started.get("Session") else {}
    answered = idp.respond_to_auth_challenge(
        ClientId=client_id, ChallengeName="PASSWORD_VERIFIER", **session,
        ChallengeResponses={
            "USERNAME": user_id,
            "PASSWORD_CLAIM_SECRET_BLOCK": p["SECRET_BLOCK"],
            "TIMESTAMP": timestamp,
            "PASSWORD_CLAIM_SIGNATURE": signature(key, pool, user_id, p["SECRET_BLOCK"], timestamp),
        },
    )
    if "AuthenticationResult" not in answered:
        raise SignInError(f"Cognito asks for {answered.get('ChallengeName')}: finish the user's sign-in in the web app first")
    return answered["AuthenticationResult"]
