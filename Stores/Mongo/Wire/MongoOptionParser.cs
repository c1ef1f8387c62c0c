using System.Globalization;

namespace EventCommitLab.Stores.Mongo.Wire;

/// <summary>The query part of a connection string: option names are case-insensitive, values percent-decoded.</summary>
internal static class MongoOptionParser
{
    private enum Kind
    {
        Text,
        Boolean,
        Milliseconds,
        Count,
        W,
        Properties,
    }

    private static readonly Dictionary<string, Kind> Honoured = new(StringComparer.Ordinal)
    {
        ["appname"] = Kind.Text,
        ["authmechanism"] = Kind.Text,
        ["authmechanismproperties"] = Kind.Properties,
        ["authsource"] = Kind.Text,
        ["connecttimeoutms"] = Kind.Milliseconds,
        ["directconnection"] = Kind.Boolean,
        ["journal"] = Kind.Boolean,
        ["maxpoolsize"] = Kind.Count,
        ["readconcernlevel"] = Kind.Text,
        ["replicaset"] = Kind.Text,
        ["serverselectiontimeoutms"] = Kind.Milliseconds,
        ["ssl"] = Kind.Boolean,
        ["tls"] = Kind.Boolean,
        ["w"] = Kind.W,
        ["wtimeoutms"] = Kind.Milliseconds,
    };

    public static (Dictionary<string, object> Values, MongoClientOptions Options, List<string> Warnings) Parse(string query)
    {
        var values = new Dictionary<string, object>(StringComparer.Ordinal);
        var warnings = new List<string>();
        foreach (var pair in query.Split('&', StringSplitOptions.RemoveEmptyEntries))
        {
            var equals = pair.IndexOf('=', StringComparison.Ordinal);
            if (equals < 0)
            {
                throw new InvalidMongoConnectionStringException($"the option '{pair}' has no value; write name=value");
            }

            var name = MongoConnectionString.Decode(pair[..equals], "an option name").ToLowerInvariant();
            var raw = pair[(equals + 1)..];
            if (!Honoured.TryGetValue(name, out var kind))
            {
                warnings.Add($"unknown option '{name}' ignored");
                continue;
            }

            if (values.ContainsKey(name))
            {
                warnings.Add($"option '{name}' given more than once; the last value is used");
            }

            if (name == "authsource" && raw.Length == 0)
            {
                throw new InvalidMongoConnectionStringException("authSource is empty; name the database that holds the user, or leave the option out");
            }

            if (Value(kind, raw, warnings) is { } value)
            {
                values[name] = value;
            }
            else
            {
                warnings.Add($"option '{name}' has the unusable value '{raw}' and is ignored");
                values.Remove(name);
            }
        }

        if (values.TryGetValue("ssl", out var ssl))
        {
            if (values.TryGetValue("tls", out var tls) && !Equals(tls, ssl))
            {
                throw new InvalidMongoConnectionStringException("tls and ssl disagree; they are the same option, give one");
            }

            values.Remove("ssl");
            values["tls"] = ssl;
        }

        return (values, Options(values), warnings);
    }

    private static object? Value(Kind kind, string raw, List<string> warnings)
    {
        if (kind == Kind.Properties)
        {
            return Properties(raw, warnings);
        }

        var text = MongoConnectionString.Decode(raw, "an option value");
        return kind switch
        {
            Kind.Text => text.Length > 0 ? text : null,
            Kind.Boolean => text switch { "true" => true, "false" => false, _ => null },
            Kind.Milliseconds or Kind.Count => int.TryParse(text, NumberStyles.None, CultureInfo.InvariantCulture, out var n) ? n : null,
            Kind.W => int.TryParse(text, NumberStyles.None, CultureInfo.InvariantCulture, out var w) ? w : text.Length > 0 ? text : null,
            _ => null,
        };
    }

    private static Dictionary<string, string>? Properties(string raw, List<string> warnings)
    {
        var properties = new Dictionary<string, string>(StringComparer.Ordinal);
        foreach (var item in raw.Split(',', StringSplitOptions.RemoveEmptyEntries))
        {
            var colon = item.IndexOf(':', StringComparison.Ordinal);
            if (colon <= 0)
            {
                return null;
            }

            var value = MongoConnectionString.Decode(item[(colon + 1)..], "an authMechanismProperties value");
            if (value.Contains(',', StringComparison.Ordinal))
            {
                warnings.Add("an authMechanismProperties value holds a comma, which separates properties; check the value");
            }

            properties[MongoConnectionString.Decode(item[..colon], "an authMechanismProperties name")] = value;
        }

        return properties.Count > 0 ? properties : null;
    }

    private static MongoClientOptions Options(Dictionary<string, object> values)
    {
        T? Get<T>(string name) => values.TryGetValue(name, out var v) && v is T t ? t : default;
        TimeSpan? Ms(string name) => values.TryGetValue(name, out var v) && v is int ms ? TimeSpan.FromMilliseconds(ms) : null;
        bool? Flag(string name) => values.TryGetValue(name, out var v) && v is bool b ? b : null;
        return new MongoClientOptions
        {
            AppName = Get<string>("appname"),
            AuthMechanism = Get<string>("authmechanism"),
            AuthMechanismProperties = Get<Dictionary<string, string>>("authmechanismproperties"),
            AuthSource = Get<string>("authsource"),
            ConnectTimeout = Ms("connecttimeoutms"),
            DirectConnection = Flag("directconnection"),
            Journal = Flag("journal"),
            MaxPoolSize = values.TryGetValue("maxpoolsize", out var pool) && pool is int p ? p : null,
            ReadConcernLevel = Get<string>("readconcernlevel"),
            ReplicaSet = Get<string>("replicaset"),
            ServerSelectionTimeout = Ms("serverselectiontimeoutms"),
            Tls = Flag("tls"),
            W = values.TryGetValue("w", out var w) ? Convert.ToString(w, CultureInfo.InvariantCulture) : null,
            WTimeout = Ms("wtimeoutms"),
        };
    }
}
