namespace EventCommitLab.Stores.Mongo.Wire;

/// <summary>Who the client authenticates as. A null mechanism negotiates SCRAM-SHA-256, else SCRAM-SHA-1, from the hello reply.</summary>
/// <param name="Password">Null when the connection string has none ("user@host").</param>
public sealed record MongoCredential(string Username, string? Password, string Source, string? Mechanism)
{
    private static readonly string[] Spoken = ["SCRAM-SHA-256", "SCRAM-SHA-1"];

    /// <summary>
    /// The credential a connection string describes, by the authentication specification's rules: none without user
    /// information; the source is authSource, else the database, else admin.
    /// </summary>
    /// <exception cref="InvalidMongoConnectionStringException">A SCRAM mechanism without a user name, or a mechanism the client does not speak.</exception>
    public static MongoCredential? From(MongoConnectionString connectionString)
    {
        ArgumentNullException.ThrowIfNull(connectionString);
        var mechanism = connectionString.Options.AuthMechanism;
        if (mechanism is not null && !Spoken.Contains(mechanism, StringComparer.Ordinal))
        {
            throw new InvalidMongoConnectionStringException($"authMechanism {mechanism} is not spoken by the lab's client; it speaks {string.Join(" and ", Spoken)}");
        }

        if (connectionString.Username is not { } username)
        {
            return mechanism is null ? null : throw new InvalidMongoConnectionStringException($"authMechanism {mechanism} needs a user name: mongodb://user:password@host/...");
        }

        return new MongoCredential(username, connectionString.Password, connectionString.Options.AuthSource ?? connectionString.Database ?? "admin", mechanism);
    }

    public override string ToString() => $"{Username}@{Source}";
}
