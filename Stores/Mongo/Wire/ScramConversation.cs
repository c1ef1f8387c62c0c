using System.Globalization;
using System.Security.Cryptography;
using System.Text;

namespace EventCommitLab.Stores.Mongo.Wire;

/// <summary>
/// The client side of a SCRAM exchange (RFC 5802, RFC 7677) without channel binding: the client-first message, the
/// client-final message computed from the server-first one, and the check of the server's signature, which proves the
/// server knew the password too.
/// </summary>
public sealed class ScramConversation
{
    private const int MinimumIterations = 4096;

    private readonly ScramHash _hash;
    private readonly string _password;
    private readonly string _clientNonce;
    private string? _authMessage;
    private byte[]? _saltedPassword;

    /// <param name="preparedPassword">The password as the mechanism hashes it (see <see cref="ForMongo"/>).</param>
    public ScramConversation(ScramHash hash, string username, string preparedPassword, string clientNonce)
    {
        ArgumentException.ThrowIfNullOrEmpty(username);
        ArgumentNullException.ThrowIfNull(preparedPassword);
        ArgumentException.ThrowIfNullOrEmpty(clientNonce);
        _hash = hash;
        _password = preparedPassword;
        _clientNonce = clientNonce;
        ClientFirstBare = $"n={username.Replace("=", "=3D", StringComparison.Ordinal).Replace(",", "=2C", StringComparison.Ordinal)},r={clientNonce}";
    }

    public string ClientFirstBare { get; }

    /// <summary>The first message: no channel binding ("n,,"), the user name and the client nonce.</summary>
    public string ClientFirst => "n,," + ClientFirstBare;

    /// <summary>A conversation for a MongoDB user, the password prepared as the mechanism requires and a fresh nonce.</summary>
    public static ScramConversation ForMongo(ScramHash hash, string username, string password)
    {
        ArgumentNullException.ThrowIfNull(password);
        var prepared = hash == ScramHash.Sha1
            ? Convert.ToHexStringLower(MD5.HashData(Encoding.UTF8.GetBytes($"{username}:mongo:{password}")))
            : SaslPrep(password);
        return new ScramConversation(hash, username, prepared, Convert.ToBase64String(RandomNumberGenerator.GetBytes(24)));
    }

    /// <summary>Answers the server-first message with the client-final one, proving knowledge of the password.</summary>
    /// <exception cref="MongoAuthenticationException">The server's message is malformed, weakens the exchange, or does not extend our nonce.</exception>
    public string ClientFinal(string serverFirst)
    {
        ArgumentNullException.ThrowIfNull(serverFirst);
        var fields = Fields(serverFirst);
        var nonce = fields.GetValueOrDefault('r') ?? throw new MongoAuthenticationException("the server's first SCRAM message has no nonce");
        if (!nonce.StartsWith(_clientNonce, StringComparison.Ordinal) || nonce.Length == _clientNonce.Length)
        {
            throw new MongoAuthenticationException("the server's nonce does not extend the client's");
        }

        var salt = Convert.FromBase64String(fields.GetValueOrDefault('s') ?? throw new MongoAuthenticationException("the server's first SCRAM message has no salt"));
        if (!int.TryParse(fields.GetValueOrDefault('i'), NumberStyles.None, CultureInfo.InvariantCulture, out var iterations) || iterations < MinimumIterations)
        {
            throw new MongoAuthenticationException($"the server asks for {fields.GetValueOrDefault('i') ?? "no"} iterations; at least {MinimumIterations} are required");
        }

        var withoutProof = $"c=biws,r={nonce}";
        _authMessage = $"{ClientFirstBare},{serverFirst},{withoutProof}";
        _saltedPassword = Rfc2898DeriveBytes.Pbkdf2(Encoding.UTF8.GetBytes(_password), salt, iterations, Algorithm, HashLength);
        var clientKey = Hmac(_saltedPassword, "Client Key");
        var clientSignature = Hmac(Hash(clientKey), _authMessage);
        var proof = new byte[clientKey.Length];
        for (var i = 0; i < proof.Length; i++)
        {
            proof[i] = (byte)(clientKey[i] ^ clientSignature[i]);
        }

        return $"{withoutProof},p={Convert.ToBase64String(proof)}";
    }

    /// <summary>Checks the server-final message.</summary>
    /// <exception cref="MongoAuthenticationException">The server reported an error or its signature is wrong.</exception>
    public void VerifyServerFinal(string serverFinal)
    {
        ArgumentNullException.ThrowIfNull(serverFinal);
        if (_authMessage is null || _saltedPassword is null)
        {
            throw new InvalidOperationException("The server-final message comes after the client-final one.");
        }

        var fields = Fields(serverFinal);
        if (fields.TryGetValue('e', out var error))
        {
            throw new MongoAuthenticationException($"the server refused the credentials: {error}");
        }

        var expected = Hmac(Hmac(_saltedPassword, "Server Key"), _authMessage);
        var actual = fields.TryGetValue('v', out var v) ? Convert.FromBase64String(v) : [];
        if (!CryptographicOperations.FixedTimeEquals(expected, actual))
        {
            throw new MongoAuthenticationException("the server's signature is wrong: it does not know the password, or the exchange was tampered with");
        }
    }

    /// <summary>
    /// SASLprep (RFC 4013) as far as passwords need it: non-ASCII spaces become spaces, characters mapped to nothing
    /// are dropped, the result is NFKC-normalised, and control characters are refused. Bidirectional-text checks are
    /// not made.
    /// </summary>
    public static string SaslPrep(string password)
    {
        ArgumentNullException.ThrowIfNull(password);
        if (password.All(c => c is >= (char)0x20 and < (char)0x7F))
        {
            return password;
        }

        var mapped = new StringBuilder(password.Length);
        foreach (var c in password)
        {
            if (c is '\u00AD' or '\u034F' or '\u1806' or '\u180B' or '\u180C' or '\u180D' or '\u200B' or '\u200C' or '\u200D' or '\u2060' or '\uFEFF' || c is >= '\uFE00' and <= '\uFE0F')
            {
                continue;
            }

            mapped.Append(char.GetUnicodeCategory(c) == UnicodeCategory.SpaceSeparator ? ' ' : c);
        }

        var normalised = mapped.ToString().Normalize(NormalizationForm.FormKC);
        return normalised.Any(char.IsControl)
            ? throw new MongoAuthenticationException("the password holds a control character, which SASLprep prohibits")
            : normalised;
    }

    private HashAlgorithmName Algorithm => _hash == ScramHash.Sha1 ? HashAlgorithmName.SHA1 : HashAlgorithmName.SHA256;

    private int HashLength => _hash == ScramHash.Sha1 ? 20 : 32;

    private byte[] Hmac(byte[] key, string text) => _hash == ScramHash.Sha1
        ? HMACSHA1.HashData(key, Encoding.UTF8.GetBytes(text))
        : HMACSHA256.HashData(key, Encoding.UTF8.GetBytes(text));

    private byte[] Hash(byte[] data) => _hash == ScramHash.Sha1 ? SHA1.HashData(data) : SHA256.HashData(data);

    private static Dictionary<char, string> Fields(string message) =>
        message.Split(',').Where(f => f.Length >= 2 && f[1] == '=').GroupBy(f => f[0]).ToDictionary(g => g.Key, g => g.First()[2..]);
}
