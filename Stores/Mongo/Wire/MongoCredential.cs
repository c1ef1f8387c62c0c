namespace EventCommitLab.Stores.Mongo.Wire;

/// <summary>Who the client authenticates as. A null mechanism negotiates SCRAM-SHA-256, else SCRAM-SHA-1, from the hello reply.</summary>
public sealed record MongoCredential(string Username, string Password, string Source, string? Mechanism)
{
    public override string ToString() => $"{Username}@{Source}";
}
