using EventCommitLab.Strategies.Port;

namespace EventCommitLab.Stores.Mongo.Wire;

/// <summary>What kind of deployment a server belongs to, and whether the lab can use it.</summary>
public static class MongoDeployment
{
    /// <summary>Transactions on a replica set came with wire version 7 (MongoDB 4.0); on sharded clusters with 8 (4.2).</summary>
    private const int MinimumWireVersion = 8;

    /// <exception cref="StoreSetupException">The server cannot run multi-document transactions; the message says what to do.</exception>
    public static void RequireTransactions(HelloResult hello, MongoHost host)
    {
        ArgumentNullException.ThrowIfNull(hello);
        if (hello.SetName is null && !hello.IsMongos)
        {
            throw new StoreSetupException(
                $"The MongoDB at {host} is a standalone server, which cannot run multi-document transactions. " +
                "Make it a one-member replica set: start mongod with --replSet rs0 and run rs.initiate() in mongosh, then add ?replicaSet=rs0 to the URI.");
        }

        if (hello.MaxWireVersion < MinimumWireVersion)
        {
            throw new StoreSetupException($"The MongoDB at {host} is older than 4.2 (wire version {hello.MaxWireVersion}); the lab needs MongoDB 4.2 or later.");
        }

        if (!hello.SupportsSessions)
        {
            throw new StoreSetupException($"The MongoDB at {host} does not support sessions, which transactions need (no logicalSessionTimeoutMinutes in its hello reply).");
        }
    }
}
