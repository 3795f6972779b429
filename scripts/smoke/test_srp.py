"""The SRP maths against values computed by Amplify's own code (aws-amplify 6,
`AuthenticationHelper.getPasswordAuthenticationKey` and `getSignatureString`,
run with node on the same inputs), and a sign-in against a fake Cognito that
checks the signature as the server side of SRP does."""
import hashlib
import hmac
import unittest
from datetime import datetime, timezone

import srp

# Inputs and Amplify's answers. B is the server's k·v + g^b for the password,
# so the vectors are a valid exchange; `a_sha256` is the SHA-256 of Amplify's A (hex text).
VECTORS = [
    {
        "a": "1f" * 64, "pool": "AbCdEfGhI", "user": "5e1b2c3d-0000-4f00-8a00-123456789abc",
        "password": "Smoke-Test-2026", "b": "7a" * 40, "salt": "9f3c2a1b0e4d5c6b7a8f9e0d1c2b3a49",
        "block": "c2VjcmV0IGJsb2NrIG9mIHRoZSBjaGFsbGVuZ2U=", "timestamp": "Thu Nov 5 09:03:07 UTC 2026",
        "a_sha256": "22a032df72393e7462b47f564375b9ddb959b2cb7d6164ad510c1a1971597b25",
        "key": "a56ef041bb366b4e231eec2e35303dfc", "signature": "WZarcQpVNFBvMqUBzHiwyqN4TXCtecMs8AptbV892Hc=",
    },
    {
        # A with an odd number of hex digits, a URL-safe unpadded secret block.
        "a": "0a" + "55" * 100, "pool": "x1Y2z3", "user": "admin@fleet.local", "password": "FleetDemo-2026",
        "b": "83" * 50, "salt": "0f" * 16, "block": "AAEC-_8", "timestamp": "Sat Jan 31 23:59:59 UTC 2026",
        "a_sha256": "ec8d68245d047b3972cdc582e1e9c326ee47eade2d7b61bcac8d6a6e3b2b1a94",
        "key": "57fe55ca01756578ac10b2c70bf77b68", "signature": "MLEwzGHCBwtnAQPpgIT2snFDXi9ftWsj636KK1Mmy18=",
    },
]


def verifier(pool, user, password, salt_hex):
    user_hash = hashlib.sha256(f"{pool}{user}:{password}".encode()).hexdigest()
    x = int(srp.hash_hex(srp.padded_hex(int(salt_hex, 16)) + user_hash), 16)
    return pow(srp.G, x, srp.N)


def server_b(v, b):
    return (srp.K * v + pow(srp.G, b, srp.N)) % srp.N


def server_key(big_a, big_b, b, v):
    """The server's side: S = (A·v^u)^b."""
    u = int(srp.hash_hex(srp.padded_hex(big_a) + srp.padded_hex(big_b)), 16)
    s = pow(big_a * pow(v, u, srp.N) % srp.N, b, srp.N)
    prk = hmac.new(bytes.fromhex(srp.padded_hex(u)), bytes.fromhex(srp.padded_hex(s)), hashlib.sha256).digest()
    return hmac.new(prk, srp.INFO, hashlib.sha256).digest()[:16]


class AmplifyVectors(unittest.TestCase):
    def test_k_is_amplifys(self):
        self.assertTrue(format(srp.K, "x").startswith("538282c4354742d7"), format(srp.K, "x")[:16])

    def test_padded_hex(self):
        self.assertEqual(srp.padded_hex(0x14), "14")
        self.assertEqual(srp.padded_hex(0xEC), "00ec")
        self.assertEqual(srp.padded_hex(0x1EC), "01ec")
        self.assertEqual(srp.padded_hex(0x8000), "008000")

    def test_key_and_signature_are_amplifys(self):
        for vec in VECTORS:
            with self.subTest(pool=vec["pool"]):
                a = int(vec["a"], 16)
                big_a = srp.large_a(a)
                self.assertEqual(hashlib.sha256(format(big_a, "x").encode()).hexdigest(), vec["a_sha256"])
                v = verifier(vec["pool"], vec["user"], vec["password"], vec["salt"])
                big_b = server_b(v, int(vec["b"], 16))
                key = srp.password_key(vec["pool"], vec["user"], vec["password"], a, big_b, vec["salt"])
                self.assertEqual(key.hex(), vec["key"])
                self.assertEqual(key, server_key(big_a, big_b, int(vec["b"], 16), v), "both sides derive one key")
                sig = srp.signature(key, vec["pool"], vec["user"], vec["block"], vec["timestamp"])
                self.assertEqual(sig, vec["signature"])

    def test_a_wrong_password_gives_another_key(self):
        vec = VECTORS[0]
        v = verifier(vec["pool"], vec["user"], vec["password"], vec["salt"])
        big_b = server_b(v, int(vec["b"], 16))
        key = srp.password_key(vec["pool"], vec["user"], "wrong", int(vec["a"], 16), big_b, vec["salt"])
        self.assertNotEqual(key.hex(), vec["key"])

    def test_a_zero_b_is_refused(self):
        with self.assertRaises(ValueError):
            srp.password_key("p", "u", "pw", 5, srp.N, "01")

    def test_timestamp_as_cognito_wants_it(self):
        self.assertEqual(srp.now_string(datetime(2026, 11, 5, 9, 3, 7, tzinfo=timezone.utc)), "Thu Nov 5 09:03:07 UTC 2026")
        self.assertEqual(srp.now_string(datetime(2026, 1, 31, 23, 59, 59, tzinfo=timezone.utc)), "Sat Jan 31 23:59:59 UTC 2026")

    def test_pool_name(self):
        self.assertEqual(srp.pool_name("eu-west-1_AbC123"), "AbC123")


class FakeCognito:
    """USER_SRP_AUTH's server side for one user: answers tokens only for a right signature."""

    def __init__(self, pool_id, user_id, email, password):
        self.pool, self.user_id, self.email = srp.pool_name(pool_id), user_id, email
        self.salt, self.b = "3c" * 16, int("5d" * 32, 16)
        self.v = verifier(self.pool, user_id, password, self.salt)
        self.block = "AAECAwQFBgcICQ=="
        self.calls = []

    def initiate_auth(self, **kw):
        self.calls.append(("initiate_auth", kw))
        assert kw["AuthFlow"] == "USER_SRP_AUTH" and kw["AuthParameters"]["USERNAME"] == self.email
        self.big_a = int(kw["AuthParameters"]["SRP_A"], 16)
        self.big_b = server_b(self.v, self.b)
        return {"ChallengeName": "PASSWORD_VERIFIER", "Session": "s" * 20, "ChallengeParameters": {
            "SALT": self.salt, "SRP_B": format(self.big_b, "x"), "USERNAME": self.user_id,
            "USER_ID_FOR_SRP": self.user_id, "SECRET_BLOCK": self.block}}

    def respond_to_auth_challenge(self, **kw):
        self.calls.append(("respond_to_auth_challenge", kw))
        r = kw["ChallengeResponses"]
        key = server_key(self.big_a, self.big_b, self.b, self.v)
        want = srp.signature(key, self.pool, self.user_id, self.block, r["TIMESTAMP"])
        if r["PASSWORD_CLAIM_SIGNATURE"] != want or r["USERNAME"] != self.user_id or kw.get("Session") != "s" * 20:
            raise PermissionError("NotAuthorizedException: Incorrect username or password.")
        return {"AuthenticationResult": {"IdToken": "id", "AccessToken": "access"}}


class SignIn(unittest.TestCase):
    def test_the_right_password_signs_in(self):
        idp = FakeCognito("us-east-1_Pool1", "sub-1", "ops@example.com", "Right-Password-1")
        tokens = srp.sign_in(idp, "us-east-1_Pool1", "client", "ops@example.com", "Right-Password-1")
        self.assertEqual(tokens["IdToken"], "id")
        self.assertEqual(idp.calls[1][1]["ChallengeName"], "PASSWORD_VERIFIER")

    def test_a_wrong_password_is_refused_by_the_server(self):
        idp = FakeCognito("us-east-1_Pool1", "sub-1", "ops@example.com", "Right-Password-1")
        with self.assertRaises(PermissionError):
            srp.sign_in(idp, "us-east-1_Pool1", "client", "ops@example.com", "Wrong-Password-1")

    def test_another_challenge_is_an_error_that_says_which(self):
        class NewPassword(FakeCognito):
            def respond_to_auth_challenge(self, **kw):
                return {"ChallengeName": "NEW_PASSWORD_REQUIRED", "ChallengeParameters": {}}

        idp = NewPassword("us-east-1_Pool1", "sub-1", "ops@example.com", "pw")
        with self.assertRaisesRegex(srp.SignInError, "NEW_PASSWORD_REQUIRED"):
            srp.sign_in(idp, "us-east-1_Pool1", "client", "ops@example.com", "pw")


if __name__ == "__main__":
    unittest.main()
