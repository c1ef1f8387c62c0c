namespace EventCommitLab.Stores.Mongo;

/// <summary>How a MongoDB error arose, as far as its meaning for a commit depends on it.</summary>
public enum MongoErrorSource
{
    /// <summary>The server answered with an error (a command error or a write error).</summary>
    Server,

    /// <summary>The server applied the write but could not confirm the write concern: the write may still be rolled back.</summary>
    WriteConcern,

    /// <summary>The connection failed, or the pool gave none: a write's request may or may not have reached the server (the store's session says which writes lost their answer).</summary>
    Network,

    /// <summary>Anything else the driver threw (a configuration or client-side error).</summary>
    Client,
}
