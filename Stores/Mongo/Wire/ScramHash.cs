namespace EventCommitLab.Stores.Mongo.Wire;

/// <summary>The hash a SCRAM conversation uses.</summary>
public enum ScramHash
{
    /// <summary>SCRAM-SHA-1 (RFC 5802); MongoDB hashes the password as MD5("user:mongo:password") first.</summary>
    Sha1,

    /// <summary>SCRAM-SHA-256 (RFC 7677); MongoDB prepares the password with SASLprep.</summary>
    Sha256,
}
