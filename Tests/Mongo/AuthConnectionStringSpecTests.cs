using System.Text.Json.Nodes;
using EventCommitLab.Stores.Mongo.Wire;

namespace EventCommitLab.Tests.Mongo;

/// <summary>
/// The authentication specification's connection-string cases: the credential each URI describes. Cases of mechanisms
/// the lab's client does not speak (GSSAPI, X.509, PLAIN, AWS, OIDC) are reported as skipped, naming the mechanism.
/// </summary>
public sealed class AuthConnectionStringSpecTests
{
    private static readonly string[] Spoken = ["SCRAM-SHA-256", "SCRAM-SHA-1"];

    public static TheoryData<string, int, string> Cases => MongoSpecData.Cases("auth");

    [SkippableTheory]
    [MemberData(nameof(Cases))]
    public void the_client_derives_the_specified_credential(string file, int index, string description)
    {
        Skip.If(index < 0, description);
        var test = MongoSpecData.Test(file, index);
        var uri = (string)test["uri"]!;
        var mechanism = Mechanism(uri);
        Skip.If(mechanism is not null && !Spoken.Contains(mechanism, StringComparer.OrdinalIgnoreCase), $"authMechanism {mechanism} is not spoken by the lab's client");

        if (!(bool)test["valid"]!)
        {
            Assert.Throws<InvalidMongoConnectionStringException>(() => MongoCredential.From(MongoConnectionString.Parse(uri)));
            return;
        }

        var credential = MongoCredential.From(MongoConnectionString.Parse(uri));
        if (test["credential"] is not JsonObject expected)
        {
            Assert.Null(credential);
            return;
        }

        Assert.NotNull(credential);
        Assert.Equal((string?)expected["username"], credential.Username);
        Assert.Equal((string?)expected["password"], credential.Password);
        Assert.Equal((string?)expected["source"], credential.Source);
        Assert.Equal((string?)expected["mechanism"], credential.Mechanism);
        Assert.Null(expected["mechanism_properties"]);
    }

    private static string? Mechanism(string uri)
    {
        var at = uri.IndexOf("authMechanism=", StringComparison.OrdinalIgnoreCase);
        if (at < 0)
        {
            return null;
        }

        var value = uri[(at + "authMechanism=".Length)..];
        return value.Split('&')[0];
    }
}
