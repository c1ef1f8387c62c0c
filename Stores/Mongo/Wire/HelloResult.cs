using MongoDB.Bson;

namespace EventCommitLab.Stores.Mongo.Wire;

/// <summary>What a server said about itself in its hello reply.</summary>
public sealed record HelloResult(BsonDocument Reply)
{
    public bool IsWritablePrimary => Reply.GetValue("isWritablePrimary", Reply.GetValue("ismaster", false)).ToBoolean();

    /// <summary>The replica set's name; null for a standalone server or a mongos.</summary>
    public string? SetName => Reply.TryGetValue("setName", out var name) ? name.AsString : null;

    /// <summary>The primary as the server knows it, "host:port".</summary>
    public string? Primary => Reply.TryGetValue("primary", out var primary) ? primary.AsString : null;

    public bool IsMongos => Reply.TryGetValue("msg", out var msg) && msg == "isdbgrid";

    public int MaxWireVersion => Reply.GetValue("maxWireVersion", 0).ToInt32();

    public int MaxMessageBytes => Reply.GetValue("maxMessageSizeBytes", OpMsg.DefaultMaxMessageBytes).ToInt32();

    public int MaxBsonObjectBytes => Reply.GetValue("maxBsonObjectSize", 16 * 1024 * 1024).ToInt32();

    public bool SupportsSessions => Reply.Contains("logicalSessionTimeoutMinutes");

    public IReadOnlyList<string> SaslSupportedMechanisms =>
        Reply.TryGetValue("saslSupportedMechs", out var mechs) && mechs is BsonArray array ? [.. array.Select(m => m.AsString)] : [];
}
