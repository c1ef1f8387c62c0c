using System.Text.Json;
using System.Text.Json.Nodes;
using EventCommitLab.Stores.Mongo.Wire;

namespace EventCommitLab.Tests.Mongo;

/// <summary>
/// Every case of MongoDB's connection-string specification tests: valid strings parse to the expected hosts,
/// credentials, database and options (for the options the client honours; others must at least not break parsing),
/// warnings are raised exactly where expected, and invalid strings are rejected.
/// </summary>
public sealed class ConnectionStringSpecTests
{
    public static TheoryData<string, int, string> Cases => MongoSpecData.Cases("connection-string");

    [SkippableTheory]
    [MemberData(nameof(Cases))]
    public void the_client_parses_the_specification_case_as_expected(string file, int index, string description)
    {
        Skip.If(index < 0, description);
        var test = MongoSpecData.Test(file, index);
        var uri = (string)test["uri"]!;

        if (!(bool)test["valid"]!)
        {
            Assert.Throws<InvalidMongoConnectionStringException>(() => MongoConnectionString.Parse(uri));
            return;
        }

        var parsed = MongoConnectionString.Parse(uri);
        Assert.True((bool)test["warning"]! == parsed.Warnings.Count > 0, $"{description}: expected warning={test["warning"]}, got [{string.Join("; ", parsed.Warnings)}]");
        if (test["hosts"] is JsonArray hosts)
        {
            Assert.Equal(
                hosts.Select(h => $"{h!["type"]}|{h["host"]}|{h["port"]?.ToString() ?? "-"}"),
                parsed.Hosts.Select(h => $"{TypeName(h.Type)}|{h.Host}|{h.Port?.ToString(System.Globalization.CultureInfo.InvariantCulture) ?? "-"}"));
        }

        if (test["auth"] is JsonObject auth)
        {
            Assert.Equal((string?)auth["username"], parsed.Username);
            Assert.Equal((string?)auth["password"], parsed.Password);
            Assert.Equal((string?)auth["db"], parsed.Database);
        }

        if (test["options"] is JsonObject options)
        {
            foreach (var (name, expected) in options)
            {
                var key = name.ToLowerInvariant();
                if (parsed.OptionValues.TryGetValue(key, out var actual))
                {
                    Assert.Equal(Normalise(expected), actual is IReadOnlyDictionary<string, string> properties
                        ? JsonSerializer.Serialize(new SortedDictionary<string, string>(properties.ToDictionary(), StringComparer.Ordinal))
                        : JsonSerializer.Serialize(actual));
                }
                else
                {
                    Assert.False(Honoured(key), $"{description}: the honoured option {name} was not parsed");
                }
            }
        }
    }

    private static readonly HashSet<string> HonouredNames =
    [
        "appname", "authmechanism", "authmechanismproperties", "authsource", "connecttimeoutms", "directconnection", "journal",
        "maxpoolsize", "readconcernlevel", "replicaset", "serverselectiontimeoutms", "tls", "w", "wtimeoutms",
    ];

    private static bool Honoured(string key) => HonouredNames.Contains(key);

    private static string Normalise(JsonNode? expected) => expected is JsonObject map
        ? JsonSerializer.Serialize(new SortedDictionary<string, string?>(map.ToDictionary(p => p.Key, p => (string?)p.Value), StringComparer.Ordinal))
        : expected!.ToJsonString();

    private static string TypeName(MongoHostType type) => type switch
    {
        MongoHostType.Ipv4 => "ipv4",
        MongoHostType.IpLiteral => "ip_literal",
        MongoHostType.Hostname => "hostname",
        _ => "unix",
    };
}
