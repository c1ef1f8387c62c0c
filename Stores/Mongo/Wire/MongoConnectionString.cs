using System.Globalization;
using System.Net;
using System.Text;

namespace EventCommitLab.Stores.Mongo.Wire;

/// <summary>
/// A parsed mongodb:// connection string, as MongoDB's connection string specification describes it: hosts,
/// credentials, database and the options the lab's client honours. Unknown options, repeated options and unusable
/// values of known options are ignored with a warning; anything that makes the string ambiguous is an error.
/// </summary>
public sealed record MongoConnectionString
{
    private const string Scheme = "mongodb://";

    public required IReadOnlyList<MongoHost> Hosts { get; init; }

    /// <summary>Null when the string has no userinfo.</summary>
    public string? Username { get; init; }

    /// <summary>Null without a colon in the userinfo; empty for "user:@host".</summary>
    public string? Password { get; init; }

    /// <summary>The database in the path, null without one.</summary>
    public string? Database { get; init; }

    public MongoClientOptions Options { get; init; } = new();

    /// <summary>The honoured options as parsed, by lower-case name: bool, int, string or a string dictionary.</summary>
    public IReadOnlyDictionary<string, object> OptionValues { get; init; } = new Dictionary<string, object>();

    /// <summary>What was ignored, one line each (unknown or repeated options, unusable values).</summary>
    public IReadOnlyList<string> Warnings { get; init; } = [];

    /// <exception cref="InvalidMongoConnectionStringException">The string is not a usable mongodb:// connection string.</exception>
    public static MongoConnectionString Parse(string connectionString)
    {
        if (string.IsNullOrEmpty(connectionString))
        {
            throw new InvalidMongoConnectionStringException("it is empty");
        }

        if (connectionString.StartsWith("mongodb+srv://", StringComparison.Ordinal))
        {
            throw new InvalidMongoConnectionStringException(
                "mongodb+srv:// needs DNS SRV and TXT lookups, which the lab's client does not make; list the hosts with mongodb://host1,host2/?replicaSet=NAME");
        }

        if (!connectionString.StartsWith(Scheme, StringComparison.Ordinal))
        {
            throw new InvalidMongoConnectionStringException($"it must start with {Scheme}");
        }

        var rest = connectionString[Scheme.Length..];
        var query = rest.IndexOf('?', StringComparison.Ordinal);
        var options = query < 0 ? "" : rest[(query + 1)..];
        rest = query < 0 ? rest : rest[..query];

        var slash = rest.IndexOf('/', StringComparison.Ordinal);
        var hostPart = slash < 0 ? rest : rest[..slash];
        var path = slash < 0 ? null : rest[(slash + 1)..];

        string? username = null, password = null;
        var at = hostPart.LastIndexOf('@');
        if (at >= 0)
        {
            (username, password) = ParseUserInfo(hostPart[..at]);
            hostPart = hostPart[(at + 1)..];
        }

        var hosts = ParseHosts(hostPart);
        var database = string.IsNullOrEmpty(path) ? null : Decode(path, "the database name");
        if (database is not null && database.IndexOfAny(['/', '\\', ' ', '"']) >= 0)
        {
            throw new InvalidMongoConnectionStringException($"the database name '{database}' contains a character a database name cannot hold (/ \\ space or \")");
        }

        var (values, clientOptions, warnings) = MongoOptionParser.Parse(options);
        if (clientOptions.DirectConnection == true && hosts.Count > 1)
        {
            throw new InvalidMongoConnectionStringException("directConnection=true names a single server, but the string lists several hosts");
        }

        return new MongoConnectionString
        {
            Hosts = hosts,
            Username = username,
            Password = password,
            Database = database,
            Options = clientOptions,
            OptionValues = values,
            Warnings = warnings,
        };
    }

    /// <summary>Percent-decodes strictly: every % must start a two-digit hexadecimal escape.</summary>
    internal static string Decode(string text, string what)
    {
        if (!text.Contains('%', StringComparison.Ordinal))
        {
            return text;
        }

        var bytes = new List<byte>(text.Length);
        for (var i = 0; i < text.Length; i++)
        {
            if (text[i] != '%')
            {
                bytes.AddRange(Encoding.UTF8.GetBytes(text[i].ToString()));
                continue;
            }

            if (i + 2 >= text.Length || !byte.TryParse(text.AsSpan(i + 1, 2), NumberStyles.AllowHexSpecifier, CultureInfo.InvariantCulture, out var value))
            {
                throw new InvalidMongoConnectionStringException($"{what} has a % that does not start a %XX escape; write a literal % as %25");
            }

            bytes.Add(value);
            i += 2;
        }

        return Encoding.UTF8.GetString([.. bytes]);
    }

    private static (string Username, string? Password) ParseUserInfo(string userInfo)
    {
        if (userInfo.IndexOfAny(['@', '/']) >= 0)
        {
            throw new InvalidMongoConnectionStringException("the user name or password holds an unescaped @ or /; percent-encode them (%40, %2F)");
        }

        var colon = userInfo.IndexOf(':', StringComparison.Ordinal);
        if (colon >= 0 && userInfo.IndexOf(':', colon + 1) >= 0)
        {
            throw new InvalidMongoConnectionStringException("the password holds an unescaped colon; percent-encode it as %3A");
        }

        var username = Decode(colon < 0 ? userInfo : userInfo[..colon], "the user name");
        if (username.Length == 0)
        {
            throw new InvalidMongoConnectionStringException("it has an @ but no user name before it");
        }

        return (username, colon < 0 ? null : Decode(userInfo[(colon + 1)..], "the password"));
    }

    private static List<MongoHost> ParseHosts(string hostPart)
    {
        if (hostPart.Length == 0)
        {
            throw new InvalidMongoConnectionStringException("it names no host");
        }

        var hosts = new List<MongoHost>();
        foreach (var item in hostPart.Split(','))
        {
            if (item.Length == 0)
            {
                throw new InvalidMongoConnectionStringException("it has an empty host between commas");
            }

            hosts.Add(ParseHost(item));
        }

        return hosts;
    }

    private static MongoHost ParseHost(string item)
    {
        if (item.StartsWith('['))
        {
            var close = item.IndexOf(']', StringComparison.Ordinal);
            if (close < 0)
            {
                throw new InvalidMongoConnectionStringException($"the IPv6 host '{item}' lacks its closing ]");
            }

            var after = item[(close + 1)..];
            return after.Length == 0
                ? new MongoHost(MongoHostType.IpLiteral, item[1..close], null)
                : after[0] == ':'
                    ? new MongoHost(MongoHostType.IpLiteral, item[1..close], ParsePort(after[1..], item))
                    : throw new InvalidMongoConnectionStringException($"the host '{item}' has something after its ] that is not :port");
        }

        var decoded = Decode(item, "a host");
        if (decoded.Contains('/', StringComparison.Ordinal))
        {
            return decoded.EndsWith(".sock", StringComparison.Ordinal)
                ? new MongoHost(MongoHostType.Unix, decoded, null)
                : throw new InvalidMongoConnectionStringException($"the socket path '{decoded}' must end in .sock");
        }

        var colon = item.IndexOf(':', StringComparison.Ordinal);
        if (colon >= 0 && item.IndexOf(':', colon + 1) >= 0)
        {
            throw new InvalidMongoConnectionStringException($"the host '{item}' has more than one colon; write IPv6 addresses in brackets, e.g. [::1]:27017");
        }

        var host = colon < 0 ? decoded : Decode(item[..colon], "a host");
        if (host.Length == 0)
        {
            throw new InvalidMongoConnectionStringException($"the host '{item}' has a port but no name");
        }

        var port = colon < 0 ? (int?)null : ParsePort(item[(colon + 1)..], item);
        var type = IPAddress.TryParse(host, out var address) && address.AddressFamily == System.Net.Sockets.AddressFamily.InterNetwork
            && host.Count(c => c == '.') == 3
            ? MongoHostType.Ipv4
            : MongoHostType.Hostname;
        return new MongoHost(type, host, port);
    }

    private static int ParsePort(string text, string item) =>
        text.Length > 0 && text.All(char.IsAsciiDigit) && int.TryParse(text, NumberStyles.None, CultureInfo.InvariantCulture, out var port) && port is > 0 and <= 65535
            ? port
            : throw new InvalidMongoConnectionStringException($"the host '{item}' has the port '{text}'; a port is a whole number from 1 to 65535");
}
