using System.Security.Cryptography;
using System.Text;
using MongoDB.Bson;

namespace EventCommitLab.Tests.Mongo;

/// <summary>The server side of SCRAM-SHA-256 for one user, for the scripted server: it checks the client's proof and signs back.</summary>
internal sealed class ScramTestServer(string username, string password)
{
    private static readonly byte[] Salt = Convert.FromBase64String("W22ZaJ0SNY7soEsUEjb6gQ==");
    private string _clientFirstBare = "", _serverFirst = "";

    public BsonDocument Start(BsonDocument saslStart)
    {
        _clientFirstBare = Encoding.UTF8.GetString(saslStart["payload"].AsBsonBinaryData.Bytes)[3..];
        var clientNonce = _clientFirstBare.Split(',').Single(f => f.StartsWith("r=", StringComparison.Ordinal))[2..];
        _serverFirst = $"r={clientNonce}server-part,s={Convert.ToBase64String(Salt)},i=4096";
        return new BsonDocument { ["conversationId"] = 1, ["done"] = false, ["payload"] = new BsonBinaryData(Encoding.UTF8.GetBytes(_serverFirst)), ["ok"] = 1.0 };
    }

    public BsonDocument Continue(BsonDocument saslContinue)
    {
        var clientFinal = Encoding.UTF8.GetString(saslContinue["payload"].AsBsonBinaryData.Bytes);
        var withoutProof = clientFinal[..clientFinal.LastIndexOf(",p=", StringComparison.Ordinal)];
        var proof = Convert.FromBase64String(clientFinal[(clientFinal.LastIndexOf(",p=", StringComparison.Ordinal) + 3)..]);
        var authMessage = $"{_clientFirstBare},{_serverFirst},{withoutProof}";
        var salted = Rfc2898DeriveBytes.Pbkdf2(Encoding.UTF8.GetBytes(password), Salt, 4096, HashAlgorithmName.SHA256, 32);
        var storedKey = SHA256.HashData(HMACSHA256.HashData(salted, "Client Key"u8.ToArray()));
        var signature = HMACSHA256.HashData(storedKey, Encoding.UTF8.GetBytes(authMessage));
        var clientKey = proof.Zip(signature, (a, b) => (byte)(a ^ b)).ToArray();
        if (!_clientFirstBare.StartsWith($"n={username},", StringComparison.Ordinal) || !SHA256.HashData(clientKey).SequenceEqual(storedKey))
        {
            return new BsonDocument { ["ok"] = 0.0, ["code"] = 18, ["codeName"] = "AuthenticationFailed", ["errmsg"] = "Authentication failed." };
        }

        var serverSignature = HMACSHA256.HashData(HMACSHA256.HashData(salted, "Server Key"u8.ToArray()), Encoding.UTF8.GetBytes(authMessage));
        return new BsonDocument
        {
            ["conversationId"] = 1,
            ["done"] = true,
            ["payload"] = new BsonBinaryData(Encoding.UTF8.GetBytes($"v={Convert.ToBase64String(serverSignature)}")),
            ["ok"] = 1.0,
        };
    }
}
