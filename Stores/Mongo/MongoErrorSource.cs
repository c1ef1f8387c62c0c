namespace EventCommitLab.Stores.Mongo;

/// <summary>How a MongoDB error arose, as far as its meaning for a commit depends on it.</summary>
public enum MongoErrorSource
{
    /// <summary>The server answered with an error (a command error or a write error).</summary>
    Server,

    /// <summary>The server applied the write but could not confirm the write concern: the write may still be rolled back.</summary>
    WriteConcern,

    /// <summary>The connection failed, or no server could be selected: the request may or may not have reached the server.</summary>
    Network,

    /// <summary>Anything else the driver threw (a configuration or client-side error).</summary>
    Client,
}
