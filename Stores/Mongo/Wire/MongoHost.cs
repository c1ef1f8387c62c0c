using System.Globalization;

namespace EventCommitLab.Stores.Mongo.Wire;

/// <summary>One host of a connection string; a null port means the default, 27017.</summary>
public sealed record MongoHost(MongoHostType Type, string Host, int? Port)
{
    public const int DefaultPort = 27017;

    public override string ToString() => Type switch
    {
        MongoHostType.Unix => Host,
        MongoHostType.IpLiteral => string.Create(CultureInfo.InvariantCulture, $"[{Host}]:{Port ?? DefaultPort}"),
        _ => string.Create(CultureInfo.InvariantCulture, $"{Host}:{Port ?? DefaultPort}"),
    };
}
